import type {ClientModule} from '@docusaurus/types';
import routes from '@generated/routes';

interface Preloadable {
  preload?: () => Promise<unknown>;
}

let firstRenderDone = false;

const NOTICE_ID = 'offline-navigation-notice';

/** Undoes the current wait for the network (its notice and listener), if there is one. */
let stopWaiting = (): void => undefined;

/**
 * The reader is offline and the next page's chunks could not load. Docusaurus would reload the page
 * (right after a deployment, a missing chunk means the page must be fetched anew), which offline
 * replaces the page being read with the browser's error page. Instead the page stays and a notice
 * says why the link did not open. Once the browser is back online, or the reader presses Try again
 * while it is, the page reloads: the address already names the page asked for, and a failed chunk is
 * remembered by Docusaurus' loader, so loading it in place would fail again. Going back instead
 * finishes a navigation to a loaded page and drops the notice. Plain DOM: React is waiting for this
 * very preload and renders nothing new until it settles, which it never does here.
 */
function waitForNetwork(): Promise<never> {
  stopWaiting();
  const notice = document.createElement('div');
  notice.id = NOTICE_ID;
  notice.setAttribute('role', 'alert');
  notice.className = 'alert alert--warning offline-navigation-notice';
  const text = document.createElement('p');
  text.textContent = 'This page could not load: you seem to be offline. It opens as soon as your connection is back.';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'button button--sm button--secondary';
  button.textContent = 'Try again';
  const reload = () => {
    if (navigator.onLine) window.location.reload();
    else text.textContent = 'Still offline: this page opens as soon as your connection is back.';
  };
  button.addEventListener('click', reload);
  notice.append(text, button);
  document.body.append(notice);
  window.addEventListener('online', reload);
  stopWaiting = () => {
    window.removeEventListener('online', reload);
    notice.remove();
    stopWaiting = () => undefined;
  };
  return new Promise<never>(() => undefined);
}

function wrap(routeList: readonly {component: unknown; routes?: unknown}[]): void {
  for (const route of routeList) {
    const component = route.component as Preloadable;
    const original = component.preload;
    if (original && !(original as {wrapped?: boolean}).wrapped) {
      const preload = () =>
        firstRenderDone
          ? original.call(component).catch((error: unknown) => {
              if (navigator.onLine !== false) throw error; // online: Docusaurus' reload
              return waitForNetwork();
            })
          : original.call(component).catch((error: unknown) => {
              // Rendered by @theme/Loading (red box + Retry) once the app mounts.
              console.warn('A page chunk failed to load:', error);
            });
      Object.assign(preload, {wrapped: true});
      component.preload = preload;
    }
    if (Array.isArray(route.routes)) wrap(route.routes);
  }
}

if (typeof window !== 'undefined') wrap(routes as never);

const client: ClientModule = {
  onRouteDidUpdate() {
    firstRenderDone = true;
    // A navigation finished (back to a loaded page, or another): the wait and its notice are over.
    stopWaiting();
  },
};

export default client;
