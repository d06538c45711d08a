// A photo-scanned prop as triangles: what the glTF and OBJ readers give the rasteriser.

export interface PropTexture {
  width: number;
  height: number;
  /** linear RGB, 3 floats a pixel */
  lin: Float32Array;
}

export interface PropPart {
  /** xyz per vertex, in the model's units, y up, after the node transforms */
  positions: Float32Array;
  /** uv per vertex (0..1, v down as in glTF) or none */
  uvs: Float32Array | null;
  indices: Uint32Array;
  /** base colour when there is no texture (linear) and the multiplier when there is */
  color: [number, number, number];
  texture: PropTexture | null;
}

export interface PropMesh {
  parts: PropPart[];
}
