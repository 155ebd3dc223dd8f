import { ApiError, errorMessage, isApiError } from './api-error';

describe('isApiError', () => {
  it("recognises an error thrown by another copy of the package (the host's client inside a remote)", () => {
    let OtherCopy: typeof ApiError | undefined;
    jest.isolateModules(() => {
      OtherCopy = (require('./api-error') as typeof import('./api-error')).ApiError;
    });
    const foreign = new OtherCopy!('http', 'Invalid credentials. Please check your password.', 401);
    expect(foreign).not.toBeInstanceOf(ApiError);
    expect(isApiError(foreign)).toBe(true);
    expect(errorMessage(foreign, 'Login failed. Please try again.')).toBe(
      'Invalid credentials. Please check your password.',
    );
  });

  it('says no to other errors and non-errors', () => {
    expect(isApiError(new Error('boom'))).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError('ApiError')).toBe(false);
  });
});
