import { ownerOf, RateLimiter, rateLimitedError } from '../routes/index.js';
export function rateLimitsOf(rules, scheduler, observer) {
    let compiledFrom;
    let check;
    return () => {
        const current = rules();
        if (current !== compiledFrom) {
            compiledFrom = current;
            const limiter = current && current.length > 0 ? new RateLimiter(current, () => scheduler.now()) : undefined;
            check =
                limiter &&
                    ((caller, upstream, exposed) => {
                        const limited = limiter.take(caller.identity, ownerOf(caller), upstream, exposed);
                        if (limited === undefined)
                            return;
                        observer?.rateLimited?.(upstream, limited.rule);
                        throw rateLimitedError(limited, exposed);
                    });
        }
        return check;
    };
}
//# sourceMappingURL=rateLimits.js.map