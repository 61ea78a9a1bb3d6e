import message from 'antd/es/message';
import { useEffect } from 'react';
import { toast, type ToastEvent } from 'shared';

export interface MessageApi {
  error(content: string): unknown;
  info(content: string): unknown;
  success(content: string): unknown;
  warning(content: string): unknown;
}

/** Shows one shared toast with antd's message API. */
export function showToast(api: MessageApi, event: ToastEvent): void {
  const show = api[event.type] ?? api.info;
  show.call(api, event.message);
}

/**
 * Subscribes to shared `toast` and renders the events with antd's message API (the hook form, so
 * the messages get the shell's ConfigProvider theme). Events raised before (e.g. during sign-in)
 * are queued by shared and shown when this mounts.
 */
export function ToastBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => toast.subscribe((event) => showToast(api, event)), [api]);
  return holder;
}
