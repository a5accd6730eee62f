// What the pipeline asks an LLM, independent of any provider's wire format. Keys, URLs and
// headers are not part of it: a ChatRequest can be hashed, stored and replayed safely.

/** A JSON Schema the reply must follow where the provider has a structured-output mode. */
export interface ReplySchema {
  /** Identifier for the schema (letters, digits, _ and -), required by OpenAI's json_schema mode. */
  name: string;
  schema: Record<string, unknown>;
}

export interface ChatRequest {
  /** Optional system instruction. */
  system?: string;
  /** The user message. */
  prompt: string;
  /** Sampling temperature; omitted from the wire when undefined (some models accept only their default). */
  temperature?: number;
  /** Upper bound on reply tokens; the provider's default when undefined (Anthropic requires one: see wire-formats). */
  maxTokens?: number;
  /**
   * Ask for JSON following this schema where the provider supports structured output. The prompt
   * text still states the text delimiters, which the parsers accept as the fallback.
   */
  reply?: ReplySchema;
}

/** Token counts as the provider reports them; null when it does not. */
export interface TokenUsage {
  inputTokens: number | null;
  outputTokens: number | null;
}
