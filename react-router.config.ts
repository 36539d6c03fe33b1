import type { Config } from '@react-router/dev/config';
import { getScriptEnv } from './app/lib/env.server.ts';

export default {
  appDirectory: 'app',
  // BUILD_DIR lets parallel test runs build side by side.
  buildDirectory: getScriptEnv().BUILD_DIR,
  ssr: true,
} satisfies Config;
