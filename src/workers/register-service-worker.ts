// Registers the service worker of the production build, so that the app works offline after the
// first visit, and reports when a new build is waiting to take over (see service-worker.js). Where
// service workers are unavailable (some private windows, http: origins other than localhost), the
// app simply works online.

export interface ServiceWorkerHooks {
  /** A new build is installed and waits for this page's agreement. */
  onWaiting: () => void;
}

export async function registerServiceWorker(hooks: ServiceWorkerHooks): Promise<ServiceWorkerRegistration | null> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return null;
  try {
    const registration = await navigator.serviceWorker.register(new URL('sw.js', document.baseURI), { scope: './' });
    const watch = (worker: ServiceWorker | null) => {
      if (!worker) return;
      const check = () => worker.state === 'installed' && navigator.serviceWorker.controller && hooks.onWaiting();
      check();
      worker.addEventListener('statechange', check);
    };
    watch(registration.waiting ?? registration.installing);
    registration.addEventListener('updatefound', () => watch(registration.installing));
    return registration;
  } catch {
    return null;
  }
}

/** Asks the waiting build to take over, and reloads this page once it has. */
export function activateWaitingBuild(registration: ServiceWorkerRegistration | null): void {
  const waiting = registration?.waiting;
  if (!waiting) return location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
  waiting.postMessage('allot:activate');
}
