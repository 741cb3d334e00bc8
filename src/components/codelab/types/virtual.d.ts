/** The lab types the type-check worker checks against (see integration.ts). */
declare module 'virtual:code-lab-types' {
  const types: import('../../../../exercises/support/type-check.ts').LabTypes;
  export default types;
}
