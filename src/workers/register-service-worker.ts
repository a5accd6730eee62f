// Registers the service worker of the production build, so that the app works offline after the
// first visit. Where service workers are unavailable (some private windows, http: origins other than
// localhost), the app simply works online.
export async function registerServiceWorker(): Promise<'registered' | 'unavailable'> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return 'unavailable';
  try {
    await navigator.serviceWorker.register(new URL('sw.js', document.baseURI), { scope: './' });
    return 'registered';
  } catch {
    return 'unavailable';
  }
}
