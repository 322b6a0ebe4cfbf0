// Types of security-headers.js (plain JavaScript so that next.config.js can import it).
export declare const securityHeaders: { key: string; value: string }[];
export declare const lockedDownPolicy: { key: string; value: string };
export declare const apiSecurityHeaders: { key: string; value: string }[];
export declare const apiAnswerHeaders: Readonly<Record<string, string>>;
export declare function refusalSecurityHeaders(pathname: string): Record<string, string>;
