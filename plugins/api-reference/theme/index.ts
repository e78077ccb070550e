/**
 * What the rest of the site uses of the API reference's React side: the instance setting the API
 * recipes embed, the wrapper that personalises a recipe's code, and the hook the site's CodeBlock
 * reads that rewrite from. The page components are reached through the plugin's routes only.
 *
 * ./package.json marks these modules free of side effects (CSS aside), so a page importing one of
 * them from here gets that one and not the others' code or styles.
 */
export {default as InstanceSetting} from './InstanceSetting';
export {default as PersonaliseApiSamples} from './PersonaliseApiSamples';
export {useCodeTransform} from './codeTransform';
