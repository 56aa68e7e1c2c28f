/** The regions module's public entry: regions and communes, and a place resolved from them. */
export { regionsRoutes } from './regions.routes';
export { listRegions, resolvePlace, type Place } from './regions.service';
