/** The housekeeping module's public entry: the scheduler of periodic clean-ups. */
export {
  housekeepingPlugin,
  type HousekeepingPluginOptions,
  type HousekeepingService,
} from './housekeeping.plugin';
