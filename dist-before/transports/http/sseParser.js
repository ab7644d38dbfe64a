export class SseParser {
    #handlers;
    #maxChars;
    #partial = '';
    #data = [];
    #dataChars = 0;
    #type = '';
    #lastEventId = '';
    #pendingCR = false;
    #started = false;
    #skippingLine = false;
    #droppingEvent = false;
    constructor(handlers, options = {}) {
        this.#handlers = handlers;
        this.#maxChars = options.maxChars ?? 64 * 1024 * 1024;
        this.#lastEventId = options.lastEventId ?? '';
    }
    /** The last event id seen so far (for `Last-Event-ID` on reconnect). */
    get lastEventId() {
        return this.#lastEventId;
    }
    push(chunk) {
        let start = 0;
        if (!this.#started && chunk.length > 0) {
            this.#started = true;
            if (chunk.charCodeAt(0) === 0xfeff)
                start = 1;
        }
        if (this.#pendingCR && chunk.length > start) {
            this.#pendingCR = false;
            if (chunk.charCodeAt(start) === 10)
                start++;
        }
        for (let i = start; i < chunk.length; i++) {
            const c = chunk.charCodeAt(i);
            if (c !== 10 && c !== 13)
                continue;
            const line = this.#partial + chunk.slice(start, i);
            this.#partial = '';
            if (this.#skippingLine)
                this.#skippingLine = false;
            else
                this.#line(line);
            if (c === 13) {
                if (i + 1 < chunk.length) {
                    if (chunk.charCodeAt(i + 1) === 10)
                        i++;
                }
                else
                    this.#pendingCR = true;
            }
            start = i + 1;
        }
        if (this.#skippingLine)
            return;
        this.#partial += chunk.slice(start);
        if (this.#partial.length > this.#maxChars) {
            this.#partial = '';
            this.#skippingLine = true;
            this.#handlers.onError?.(new Error(`SSE line longer than ${this.#maxChars} characters`));
        }
    }
    /** End of stream: an event not closed by a blank line is discarded (per the standard). */
    end() {
        this.#partial = '';
        this.#resetEvent();
    }
    #line(line) {
        if (line === '') {
            this.#dispatch();
            return;
        }
        if (line.charCodeAt(0) === 58 /* : */)
            return;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.charCodeAt(0) === 32)
            value = value.slice(1);
        switch (field) {
            case 'data':
                if (this.#droppingEvent)
                    return;
                this.#dataChars += value.length + 1;
                if (this.#dataChars > this.#maxChars) {
                    this.#resetEvent();
                    this.#droppingEvent = true; // until the blank line that ends this event
                    this.#handlers.onError?.(new Error(`SSE event longer than ${this.#maxChars} characters`));
                    return;
                }
                this.#data.push(value);
                return;
            case 'event':
                this.#type = value;
                return;
            case 'id':
                if (!value.includes('\0'))
                    this.#lastEventId = value;
                return;
            case 'retry':
                if (/^\d+$/.test(value))
                    this.#handlers.onRetry?.(Number(value));
                return;
            default:
                return;
        }
    }
    #dispatch() {
        if (this.#data.length === 0 || this.#droppingEvent) {
            this.#droppingEvent = false;
            this.#resetEvent();
            return;
        }
        const event = {
            type: this.#type === '' ? 'message' : this.#type,
            data: this.#data.join('\n'),
            lastEventId: this.#lastEventId,
        };
        this.#resetEvent();
        this.#handlers.onEvent(event);
    }
    #resetEvent() {
        this.#data = [];
        this.#dataChars = 0;
        this.#type = '';
    }
}
//# sourceMappingURL=sseParser.js.map