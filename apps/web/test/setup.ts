/** Vitest setup of the web project (see the root vitest.config.ts): DOM matchers and cleanup after each test. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { forgetMenuOpen } from '@/lib/menu-open';

// findBy* and waitFor wait up to 10 s (the library's 1 s default): on a busy 2-CPU machine a page's first
// render, with its lazy texts and modules, took over a second beside other test files. Only a failing
// test waits longer; a passing one goes on as soon as the element is there.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  forgetMenuOpen();
});
