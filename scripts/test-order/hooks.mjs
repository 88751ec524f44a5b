// A module resolution hook: `import ... from 'uvu'` in a test file gets uvu-in-order.mjs, which alone imports
// the real uvu.
const inOrder = new URL('./uvu-in-order.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'uvu' && context.parentURL !== inOrder) return { url: inOrder, shortCircuit: true };
  return nextResolve(specifier, context);
}
