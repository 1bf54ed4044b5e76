/** Liveness and readiness for the container and the load balancer. */
export { registerHealthRoutes } from './routes.ts';
