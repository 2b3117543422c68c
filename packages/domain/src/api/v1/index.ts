/** The public REST API's contracts (/v1). */
export * from './calls.ts';
export * from './shapes.ts';
