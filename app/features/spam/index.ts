/**
 * What other features may use of spam protection (client-safe; server code is in index.server.ts). Everything
 * else in this folder is private to it; the lint rule in eslint.config.js holds other features to these entries.
 */
export { useBotCheck } from './bot-check.tsx';
export {
  ALTCHA_FIELD,
  BOT_CHECK_FAILED_MESSAGE,
  type BotCheckConfig,
  FORM_HONEYPOT_FIELD,
  HONEYPOT_FIELD,
  isHoneypotFilled,
  RECAPTCHA_FIELD,
} from './spam-protection.ts';
