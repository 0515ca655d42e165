/**
 * The event log both demo apps show: every `pay-*` event the widget fires, newest first, as text only
 * (the detail is rendered with textContent, never parsed as HTML).
 */

import { PAY_EVENTS, type PayEventName } from '../../widget/element/event-names.ts';

/** A one-line summary of an event's detail. */
function summary(event: HTMLElementEventMap[PayEventName]): string {
  switch (event.type) {
    case 'pay-ready': {
      const { config } = (event as HTMLElementEventMap['pay-ready']).detail;
      return `${config.kind} ${config.id}`;
    }
    case 'pay-submit': {
      const { request } = (event as HTMLElementEventMap['pay-submit']).detail;
      const method =
        request.method.kind === 'direct'
          ? `${request.method.provider} ${request.method.phoneNumber}`
          : 'hosted page';
      return `method: ${method}`;
    }
    case 'pay-error': {
      const { error, status } = (event as HTMLElementEventMap['pay-error']).detail;
      return `${status || 'no answer'} ${error.code}: ${error.message}`;
    }
    default: {
      const { payment } = (event as HTMLElementEventMap['pay-success']).detail;
      return `${payment.reference} · ${payment.status} / ${payment.action}${payment.message ? ` · ${payment.message}` : ''}`;
    }
  }
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

export interface EventLog {
  /** Listens on `target` (the widget, or anything above it: the events bubble and are composed). */
  listen(target: EventTarget, onEvent?: (event: HTMLElementEventMap[PayEventName]) => void): () => void;
  clear(): void;
}

/** Fills `list` (an `<ol>`) with one item per event. */
export function createEventLog(list: HTMLOListElement, empty: HTMLElement): EventLog {
  const add = (event: HTMLElementEventMap[PayEventName]) => {
    const item = document.createElement('li');
    item.className = `event event-${event.type}`;
    const time = new Date().toLocaleTimeString(undefined, { hour12: false });
    const head = document.createElement('p');
    head.append(
      element('time', 'event-time', time),
      element('strong', 'event-name', event.type),
      element('span', 'event-summary', summary(event)),
    );
    const details = document.createElement('details');
    details.append(
      element('summary', '', 'detail'),
      element('pre', 'event-detail', JSON.stringify(event.detail, null, 2)),
    );
    item.append(head, details);
    list.prepend(item);
    empty.hidden = true;
  };
  return {
    listen(target, onEvent) {
      const handler = (event: Event) => {
        const payEvent = event as HTMLElementEventMap[PayEventName];
        add(payEvent);
        onEvent?.(payEvent);
      };
      for (const name of PAY_EVENTS) target.addEventListener(name, handler);
      return () => {
        for (const name of PAY_EVENTS) target.removeEventListener(name, handler);
      };
    },
    clear() {
      list.replaceChildren();
      empty.hidden = false;
    },
  };
}
