import type uPlot from 'uplot';

type UplotConstructor = typeof uPlot;

let loading: Promise<UplotConstructor> | undefined;

/**
 * uPlot (and its stylesheet) arrive with the first chart, not with Home: charts draw once the
 * activity's streams are in anyway, and the library is a fifth of the signed-in JavaScript.
 */
export function loadUplot(): Promise<UplotConstructor> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);
  return loading;
}
