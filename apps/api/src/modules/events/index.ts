/** The events module's public entry: other modules import only from here. */
export { emitEvent, emitEvents } from './emit';
export type { DomainEvent, EventActor, EventPayloads, EventType, NewDomainEvent } from './catalog';
export { eventTypes } from './catalog';
export type { DeliveryContext, EventSubscriber } from './subscriber';
export { eventsPlugin, type EventsPluginOptions, type EventsService } from './events.plugin';
export { toDomainEvent } from './dispatcher.service';
// What it keeps about a person, for the register of personal data (issue 22.1).
export { eventsPersonalData } from './personal-data';
