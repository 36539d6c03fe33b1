/**
 * The spam feature's client-safe public surface (server-only code: index.server.ts). Other features import only
 * from its entries; the rest of this folder is private (eslint/import-boundaries.js).
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
