import { getEnv } from '../../lib/env.server.ts';
import { getBotCheckConfig, verifyBotCheck } from '../spam/index.server.ts';
import type { BotCheckConfig } from '../spam/index.ts';

/** Registration and sign-in run the human check unless ACCOUNT_BOT_CHECK=off (spec point 4). */
function isAccountBotCheckEnabled(): boolean {
  return getEnv().ACCOUNT_BOT_CHECK !== 'off';
}

export async function getAccountBotCheckConfig(): Promise<BotCheckConfig> {
  return isAccountBotCheckEnabled() ? getBotCheckConfig() : { version: 'off', siteKey: null };
}

export async function passesAccountBotCheck(fields: Record<string, unknown>, clientIp: string): Promise<boolean> {
  return isAccountBotCheckEnabled() ? verifyBotCheck(fields, clientIp) : true;
}
