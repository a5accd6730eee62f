// The error of a Python operation (ZeroDivisionError, OverflowError, ...), with Python's message;
// the evaluator adds the position and the arm.
export class PyError extends Error {
  constructor(
    readonly kind: 'ZeroDivisionError' | 'OverflowError' | 'ValueError' | 'TypeError' | 'LimitError',
    message: string,
  ) {
    super(message);
  }
}
