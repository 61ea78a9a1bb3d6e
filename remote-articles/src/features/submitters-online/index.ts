// Public face of the submitters-online feature (the Logged In submitters popover).
export { SubmittersOnlinePopover } from './components/SubmittersOnlinePopover';
