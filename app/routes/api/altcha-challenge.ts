import { createAltchaChallenge } from '../../features/spam/spam-protection.server.ts';

/** GET /altcha/challenge: a signed proof-of-work challenge for the bot check (never cached). */
export async function loader() {
  const challenge = await createAltchaChallenge();
  return Response.json(challenge, { headers: { 'Cache-Control': 'no-store' } });
}
