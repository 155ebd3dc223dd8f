export { buildTestApp, TEST_SCRYPT_COST, type TestApp, type TestAppOverrides } from './build-test-app';
export { createTestDatabase, type TestDatabase, testDatabaseUrl } from './postgres';
export { testRedisUrl, uniqueRedisPrefix } from './redis';
export { type RegisteredRoute, registeredRoutes } from './registered-routes';
export { enrolledSecondFactor, enrolSecondFactorForTest, type TestSecondFactor } from './second-factor';
export { openSignedInStream, openStream, type StreamTestClient } from './stream-test-client';
export { createRunningClock, createTestClock, TEST_EPOCH, type TestClock } from './test-clock';
export { signInForTest, TEST_PASSWORD, type TestSession } from './test-session';
