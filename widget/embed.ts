/** Entry of the self-contained builds (`<script>` and `<script type="module">`): Lit inside, element defined. */
export * from './index.ts';
