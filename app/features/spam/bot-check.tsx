/**
 * useBotCheck: the client half of spam protection (spec point 4). Forms call `await botCheck.solve()` on submit and
 * send the fields it returns; `botCheck.reset()` after a failed or finished submission; `{botCheck.element}` goes
 * inside the form (a status line for ALTCHA, the host element for reCAPTCHA).
 *
 * - ALTCHA (default): fetches a signed challenge from GET /altcha/challenge and solves the proof of work in the
 *   browser; nothing to click. The solver is loaded only when a form is submitted.
 * - reCAPTCHA v2 invisible / v3: loads Google's script when the form first renders; a script that fails to load
 *   is only logged (spec point 8), and the server then refuses the submission with a clear message.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Challenge } from 'altcha-lib';
import {
  ALTCHA_FIELD,
  CAPTCHA_LOADER_POLL_MS,
  CAPTCHA_SCRIPT_CHECK_MS,
  RECAPTCHA_FIELD,
  type BotCheckConfig,
} from './spam-protection.ts';

type Grecaptcha = {
  ready: (callback: () => void) => void;
  render: (element: HTMLElement, options: Record<string, unknown>) => number;
  execute: (widgetOrSiteKey?: number | string, options?: { action: string }) => Promise<string> | void;
  reset: (widgetId?: number) => void;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export type BotCheck = {
  solve: () => Promise<Record<string, string>>;
  reset: () => void;
  element: ReactNode;
};

const SCRIPT_TIMEOUT_MS = 15_000;
let recaptchaScript: Promise<Grecaptcha> | null = null;

function loadRecaptcha(config: BotCheckConfig): Promise<Grecaptcha> {
  if (recaptchaScript) return recaptchaScript;
  recaptchaScript = new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    const render = config.version === 'recaptcha-v3' ? encodeURIComponent(config.siteKey ?? '') : 'explicit';
    script.src = `https://www.google.com/recaptcha/api.js?render=${render}`;
    script.async = true;
    script.onerror = () => reject(new Error('The reCAPTCHA script could not be loaded'));
    document.head.append(script);
    const started = Date.now();
    const poll = window.setInterval(() => {
      if (window.grecaptcha?.render) {
        window.clearInterval(poll);
        window.grecaptcha.ready(() => resolve(window.grecaptcha!));
      } else if (Date.now() - started > SCRIPT_TIMEOUT_MS) {
        window.clearInterval(poll);
        reject(new Error('The reCAPTCHA script did not start'));
      }
    }, CAPTCHA_LOADER_POLL_MS);
  });
  recaptchaScript.catch((error: unknown) => {
    console.warn('Spam protection setup failed:', error);
    recaptchaScript = null;
  });
  return recaptchaScript;
}

async function solveAltcha(signal: AbortSignal): Promise<string> {
  const response = await fetch('/altcha/challenge', { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error('The spam check could not start');
  const challenge = (await response.json()) as Challenge;
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/sha'),
  ]);
  const controller = new AbortController();
  signal.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) throw new Error('The spam check timed out');
  return btoa(JSON.stringify({ challenge, solution }));
}

export function useBotCheck(config: BotCheckConfig): BotCheck {
  const [status, setStatus] = useState<'idle' | 'checking' | 'failed'>('idle');
  const hostRef = useRef<HTMLDivElement>(null);
  const widgetId = useRef<number | null>(null);
  const pendingV2 = useRef<{ resolve: (token: string) => void; reject: (error: Error) => void } | null>(null);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!config.version.startsWith('recaptcha') || !config.siteKey) return;
    let cancelled = false;
    loadRecaptcha(config)
      .then((grecaptcha) => {
        if (cancelled || config.version !== 'recaptcha-v2' || !hostRef.current || widgetId.current !== null) return;
        widgetId.current = grecaptcha.render(hostRef.current, {
          sitekey: config.siteKey,
          size: 'invisible',
          callback: (token: string) => pendingV2.current?.resolve(token),
          'error-callback': () => pendingV2.current?.reject(new Error('reCAPTCHA failed')),
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [config]);

  useEffect(() => () => abortRef.current?.abort(), []);

  const solve = useCallback(async (): Promise<Record<string, string>> => {
    if (config.version === 'off') return {};
    setStatus('checking');
    try {
      if (config.version === 'altcha') {
        abortRef.current?.abort();
        abortRef.current = new AbortController();
        const payload = await solveAltcha(abortRef.current.signal);
        setStatus('idle');
        return { [ALTCHA_FIELD]: payload };
      }
      const grecaptcha = await loadRecaptcha(config);
      let token: string;
      if (config.version === 'recaptcha-v3') {
        token = (await grecaptcha.execute(config.siteKey ?? undefined, { action: 'submit' })) ?? '';
      } else {
        token = await new Promise<string>((resolve, reject) => {
          pendingV2.current = { resolve, reject };
          const check = window.setInterval(() => {
            if (widgetId.current === null) return;
            window.clearInterval(check);
            grecaptcha.execute(widgetId.current);
          }, CAPTCHA_SCRIPT_CHECK_MS);
        });
      }
      setStatus('idle');
      return { [RECAPTCHA_FIELD]: token };
    } catch (error) {
      setStatus('failed');
      throw error;
    }
  }, [config]);

  const reset = useCallback(() => {
    setStatus('idle');
    if (config.version === 'recaptcha-v2' && widgetId.current !== null) window.grecaptcha?.reset(widgetId.current);
  }, [config.version]);

  const element = useMemo(
    () =>
      config.version === 'off' ? null : (
        <div className="bot-check">
          {config.version === 'recaptcha-v2' ? <div ref={hostRef} /> : null}
          <p className="bot-check__status" role="status">
            {status === 'checking'
              ? 'Checking you are not a robot…'
              : status === 'failed'
                ? 'The spam check could not run. Please try again.'
                : ''}
          </p>
        </div>
      ),
    [config.version, status],
  );

  return { solve, reset, element };
}
