// prismjs ships its core as a separate file without types; it is the same object as `prismjs`.
declare module 'prismjs/components/prism-core' {
  import Prism from 'prismjs';
  export default Prism;
}
