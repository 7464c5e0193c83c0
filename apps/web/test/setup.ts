/** Vitest setup of the web project (see the root vitest.config.ts): DOM matchers and cleanup after each test. */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
