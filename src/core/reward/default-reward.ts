// DLM's Default reward, the reference every comparison shows: the state itself (engagement).
export const DEFAULT_REWARD = 'state';
