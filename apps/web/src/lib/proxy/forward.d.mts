export function forwardToApi(request: Request, target: string, options?: { maxBodyBytes?: number }): Promise<Response>;
