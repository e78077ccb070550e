// Fetches and parses a search index off the page's thread; answers {id, health}.
import {indexHealthAt} from './searchIndex';

self.addEventListener('message', (event: MessageEvent<{id: number; href: string}>) => {
  const {id, href} = event.data;
  void indexHealthAt(href).then((health) => self.postMessage({id, health}));
});
