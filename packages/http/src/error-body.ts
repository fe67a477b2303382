/** The contract's Error shape: `status` repeats the HTTP status code. */
export interface ErrorBody {
  code: string;
  message: string;
  status: number;
}

export function errorBody(status: number, code: string, message: string): ErrorBody {
  return { code, message, status };
}
