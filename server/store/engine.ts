/** The database engines the store runs on (a leaf module, so the migrations can name it without importing the store). */
export type Engine = 'sqlite' | 'postgres';
