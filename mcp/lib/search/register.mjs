// Installs loader-hooks.mjs; import this before anything imports the search plugin's worker.
import {register} from 'node:module';

register('./loader-hooks.mjs', import.meta.url);
