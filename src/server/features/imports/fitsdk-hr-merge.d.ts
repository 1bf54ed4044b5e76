/**
 * The SDK's merge of hr messages into record messages (`@garmin/fitsdk/src/utils-hr-mesg.js`),
 * which its decoder runs on every file it reads; the package ships no types for it. A record's
 * timestamp may be a Date or seconds since the FIT epoch; the merge sets `heartRate`.
 */
declare module '@garmin/fitsdk/src/utils-hr-mesg.js' {
  import type { HrMesg } from '@garmin/fitsdk';

  const HrMesgUtils: {
    mergeHeartRates(hrMesgs: HrMesg[], recordMesgs: { timestamp: Date | number; heartRate?: number }[]): void;
  };
  export default HrMesgUtils;
}
