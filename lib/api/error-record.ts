// The error record of spec section 7, used for every failure of the API.
import { z } from "zod";
import { AppError, ERROR_CODES, type ErrorCode } from "../errors.ts";

export const ErrorRecordSchema = z
  .object({
    title: z.string().meta({ example: "The request is not valid" }),
    detail: z.string().meta({ example: "title: Too big: expected string to have <=64 characters" }),
    status: z.number().int().meta({ example: 400 }),
    errors: z
      .array(
        z.object({
          key: z.string().meta({ description: "JSON path of the offending field" }),
          value: z.string().meta({ description: "What is wrong with it" }),
        }),
      )
      .meta({ description: "One entry per offending field; empty when the error is not about a field." }),
    traceId: z.string().meta({ description: "The request's X-Correlation-Id, or a fresh id when none was sent." }),
    typeCode: z
      .enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]])
      .meta({ description: "Machine-readable error type" }),
  })
  .meta({ id: "ErrorRecord", description: "The error record returned by every failed call." });

export type ErrorRecord = z.infer<typeof ErrorRecordSchema>;

export function errorRecord(error: AppError, traceId: string): ErrorRecord {
  const { status, title } = ERROR_CODES[error.code];
  return { title, detail: error.message, status, errors: error.errors, traceId, typeCode: error.code };
}

/** Anything that is not an AppError: the body says nothing but the trace id (the log has the rest). */
export function internalErrorRecord(traceId: string): ErrorRecord {
  return errorRecord(
    new AppError(
      "internal-error",
      `Something went wrong on our side. Quote trace id ${traceId} when you contact support.`,
    ),
    traceId,
  );
}
