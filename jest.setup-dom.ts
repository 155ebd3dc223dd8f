import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { configure } from '@testing-library/react';

// jsdom leaves these out; react-router needs them, as every browser has them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// findBy* and waitFor give up after 1 s by default. They return as soon as the screen is there, so a
// longer limit costs a passing test nothing, while on two busy CI cores a remote's lazy load or a
// query's retry can take longer than a second (a screen that never comes still fails, 10 s later).
configure({ asyncUtilTimeout: 10_000 });
