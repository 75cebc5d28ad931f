export { RealtimePublisher, TopicPolicies, type TopicAccess, type TopicPolicy } from './realtime.ports.js';
export { RealtimeModule } from './realtime.module.js';
