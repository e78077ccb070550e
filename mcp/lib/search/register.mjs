// Installs loader-hooks.mjs; import this before anything imports the site's search engine.
import {register} from 'node:module';

register('./loader-hooks.mjs', import.meta.url);
