export class BatchReply {
    /** Expected answers still missing, plus one while the batch is being dispatched. */
    #pending = 1;
    #responses = [];
    #send;
    constructor(send) {
        this.#send = send;
    }
    /** An answer known right away. */
    push(response) {
        this.#responses.push(response);
    }
    /** A request was handed to a handler; its answer comes later. */
    expect() {
        this.#pending++;
    }
    /** The answer to an expected request. */
    answer(response) {
        this.#responses.push(response);
        this.#settle();
    }
    /** An expected request ends without an answer (the peer cancelled it). */
    skip() {
        this.#settle();
    }
    /** Every element of the batch has been dispatched. */
    seal() {
        this.#settle();
    }
    #settle() {
        if (--this.#pending === 0 && this.#responses.length > 0)
            this.#send(this.#responses);
    }
}
//# sourceMappingURL=batchReply.js.map