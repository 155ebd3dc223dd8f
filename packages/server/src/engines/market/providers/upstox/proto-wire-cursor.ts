/** Protobuf wire types (https://protobuf.dev/programming-guides/encoding/). */
export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_LENGTH_DELIMITED = 2;
export const WIRE_FIXED32 = 5;

/**
 * A minimal reader over protobuf bytes. The feed decoder walks frames with it instead of building
 * protobufjs message objects, so a tick costs one Tick allocation and nothing else.
 */
export class ProtoWireCursor {
  bytes: Uint8Array = new Uint8Array(0);
  pos = 0;
  private buffer: ArrayBufferLike = this.bytes.buffer;
  private view = new DataView(this.buffer);
  private offset = 0;

  reset(bytes: Uint8Array): void {
    this.bytes = bytes;
    this.pos = 0;
    this.offset = bytes.byteOffset;
    // Small frames are often slices of one pooled ArrayBuffer: keep its view instead of allocating one per frame.
    if (bytes.buffer !== this.buffer) {
      this.buffer = bytes.buffer;
      this.view = new DataView(bytes.buffer);
    }
  }

  /**
   * An unsigned varint as a JS number. Exact up to 2^53, which covers epoch milliseconds and day
   * volumes; negative int64s (ten-byte varints) do not occur in the fields the decoder reads.
   */
  varint(): number {
    const bytes = this.bytes;
    let byte = bytes[this.pos++]!;
    if (byte < 0x80) return byte;
    let value = byte & 0x7f;
    let scale = 128;
    do {
      byte = bytes[this.pos++]!;
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte >= 0x80);
    return value;
  }

  /** A little-endian IEEE double (protobuf `double`). */
  double(): number {
    if (this.pos + 8 > this.bytes.length) throw new RangeError('Truncated protobuf double');
    const value = this.view.getFloat64(this.offset + this.pos, true);
    this.pos += 8;
    return value;
  }

  /** Reads a length prefix and returns where the nested message ends. */
  end(): number {
    const length = this.varint();
    const end = this.pos + length;
    if (end > this.bytes.length) throw new RangeError('Truncated protobuf message');
    return end;
  }

  /** Decodes the UTF-8 string between pos and end. */
  string(end: number): string {
    const text = new TextDecoder().decode(this.bytes.subarray(this.pos, end));
    this.pos = end;
    return text;
  }

  skip(wireType: number): void {
    if (wireType === WIRE_VARINT) this.varint();
    else if (wireType === WIRE_FIXED64) this.pos += 8;
    else if (wireType === WIRE_LENGTH_DELIMITED) this.pos = this.end();
    else if (wireType === WIRE_FIXED32) this.pos += 4;
    else throw new RangeError(`Unsupported protobuf wire type ${wireType}`);
  }
}
