/**
 * The `redirect_to` an email link may send the browser to: only our own origin, compared as
 * WHATWG URL origins (scheme, host and port exactly, localhost included), else the fallback.
 * Its `next` (where the web app goes after signing in) survives only as a path of this site.
 */
export function allowedRedirect(redirectTo: string | undefined, publicUrl: string, fallbackPath: string): string {
  const own = new URL(publicUrl);
  const fallback = `${publicUrl}${fallbackPath}`;
  if (!redirectTo || !URL.canParse(redirectTo)) return fallback;
  const target = new URL(redirectTo);
  if (target.origin !== own.origin || target.username || target.password) return fallback;
  const next = target.searchParams.get('next');
  if (next !== null && safeNextPath(next) === null) target.searchParams.delete('next');
  return target.href;
}

/** A path of this site only: not another origin (`//host`, `/\host`), no control characters. */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 500 || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  // Whatever the URL parser makes of it, resolved against a placeholder origin it must stay there.
  return new URL(raw, 'http://own.invalid').origin === 'http://own.invalid' ? raw : null;
}
