/** The billing module's public face: the plan gates other modules enforce. */
export { assertFeature } from './gates.ts';
