export interface ToastText {
  readonly title: string;
  readonly description?: string;
}

/** The title of every destructive toast (first document §8: failures are titled "Error"). */
export const ERROR_TOAST_TITLE = "Error";