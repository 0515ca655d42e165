/**
 * The loading state: a skeleton of the form, without text, about as tall as the shortest form the config
 * can describe (title, amount, the payer's details, a method, the phone, the button). The card then
 * barely grows when the form arrives, so the merchant's page below it does not jump. It has no text:
 * until the config has named the language, no language is known to be right (the live region says
 * "Loading…" only once it is).
 */
import { html, type TemplateResult } from 'lit';

const field = html`<div class="pay__bone pay__bone--label"></div>
  <div class="pay__bone pay__bone--input"></div>`;

export const loadingSkeleton = (): TemplateResult =>
  html`<div class="pay__loading pay__skeleton" aria-busy="true" aria-hidden="true">
    <div class="pay__bone pay__bone--logo"></div>
    <div class="pay__bone pay__bone--title"></div>
    <div class="pay__bone pay__bone--text"></div>
    <div class="pay__bone pay__bone--amount"></div>
    ${field}${field}${field}
    <div class="pay__bone pay__bone--label"></div>
    <div class="pay__bone pay__bone--options"></div>
    ${field}
    <div class="pay__bone pay__bone--button"></div>
  </div>`;
