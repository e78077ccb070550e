import {createContext, useContext} from 'react';

/**
 * A rewrite of code blocks' text for the part of a page inside the provider (see
 * ./PersonaliseApiSamples.tsx). Kept apart from it so CodeBlock, which every page has, carries only
 * this context and not the storage code.
 */
export const CodeTransform = createContext<((code: string) => string) | null>(null);

export function useCodeTransform(): ((code: string) => string) | null {
  return useContext(CodeTransform);
}
