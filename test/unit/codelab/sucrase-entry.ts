// The entry the slim-sucrase test builds: sucrase's transform, as the runner worker imports it.
export { transform } from 'sucrase';
