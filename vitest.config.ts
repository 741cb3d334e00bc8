/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'exercises/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
