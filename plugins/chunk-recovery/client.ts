import type {ClientModule} from '@docusaurus/types';
import routes from '@generated/routes';

interface Preloadable {
  preload?: () => Promise<unknown>;
}

let firstRenderDone = false;

function wrap(routeList: readonly {component: unknown; routes?: unknown}[]): void {
  for (const route of routeList) {
    const component = route.component as Preloadable;
    const original = component.preload;
    if (original && !(original as {wrapped?: boolean}).wrapped) {
      const preload = () =>
        firstRenderDone
          ? original.call(component)
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
  },
};

export default client;
