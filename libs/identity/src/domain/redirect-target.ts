/**
 * The `redirect_to` an email link may send the browser to: only our own origin, compared as
 * WHATWG URL origins (scheme, host and port exactly, localhost included), else the fallback.
 */
export function allowedRedirect(redirectTo: string | undefined, publicUrl: string, fallbackPath: string): string {
  const own = new URL(publicUrl);
  const fallback = `${publicUrl}${fallbackPath}`;
  if (!redirectTo || !URL.canParse(redirectTo)) return fallback;
  const target = new URL(redirectTo);
  if (target.origin !== own.origin || target.username || target.password) return fallback;
  return target.href;
}
