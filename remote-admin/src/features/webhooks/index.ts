// Public face of the webhooks feature (the app imports from here only).
import './i18n';

export { fetchWebhooks as loadWebhooks } from './api/webhooksApi';
export { WebhooksView } from './components/WebhooksView';
export { NS as WEBHOOKS_NS } from './i18n';
